import type { AnyRoute } from '@tanstack/react-router';

/** The public site's generated route tree (routeTree.gen.js, untyped: see vite.config.ts). */
export declare const routeTree: AnyRoute;
