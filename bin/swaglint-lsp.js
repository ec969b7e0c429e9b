#!/usr/bin/env node
import { main } from '../dist/src/lsp/main.js';

const code = main(process.argv.slice(2), process);
if (code !== undefined) process.exitCode = code;
