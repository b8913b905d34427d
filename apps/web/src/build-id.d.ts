/** The build's id, set by vite.config.ts (`define`). */
declare const __BUILD_ID__: string;
