import { infoFieldRule } from './info-fields.js';

export default infoFieldRule('description', 'say in a sentence or more what the API is for (Markdown is allowed).');
