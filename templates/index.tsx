/** Entry of the templates bundle: src/render imports these from the compiled module. */
export { Document } from './document.js';
export { spriteSvg } from './parts/icon.js';
