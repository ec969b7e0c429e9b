import { infoFieldRule } from './info-fields.js';

export default infoFieldRule('version');
