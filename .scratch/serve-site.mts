import { startSiteServer } from '../scripts/lib/site-server';
await startSiteServer({ distDir: process.env.SITE_DIST!, port: Number(process.env.SITE_PORT) });
console.log('site up');
