import { infoFieldRule } from './info-fields.js';

export default infoFieldRule('version', 'give the version of the API (not of Swagger) as a string, such as "1.0".');
