/** The React Router server build, a virtual module the Vite plugin provides at build time. */
declare module "virtual:react-router/server-build";
