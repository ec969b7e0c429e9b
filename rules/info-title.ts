import { infoFieldRule } from './info-fields.js';

export default infoFieldRule('title', 'give the API a title, such as "Orders API".');
