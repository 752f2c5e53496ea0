/**
 * The client runtime's entry: small enhancements every page needs, then islands hydrated on demand.
 * Pages are complete without it; everything here only improves them.
 */
import { rememberLocaleChoice } from './locale-cookie.js';
import { enhanceMenu } from './menu.js';
import { fillNotFoundPath } from './not-found.js';
import { startIslands } from './islands/start-islands.js';

fillNotFoundPath(document, window.location);
rememberLocaleChoice(document);
enhanceMenu(document);
startIslands(document);
