/**
 * The API's entry points for another app's tests that start it in process (the console's browser
 * stack): they reach the API's source only through this support folder (.dependency-cruiser.cjs).
 */
export { createApp } from '../../src/app.factory';
export { TokensService } from '../../src/auth/tokens.service';
