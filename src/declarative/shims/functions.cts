// `@stoplight/spectral-functions` as a ruleset imports it, answered by swaglint (see api.cts).
import { api } from './api.cjs';
module.exports = api('functions');
