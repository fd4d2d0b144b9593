/** Where the end-to-end stack listens, and the admin it creates; shared by the stack script and the specs. */
const apiPort = Number(process.env.E2E_API_PORT ?? 8797);
const sitePort = Number(process.env.E2E_SITE_PORT ?? 4331);

export const e2eStack = {
  apiPort,
  sitePort,
  apiUrl: `http://localhost:${apiPort}`,
  siteUrl: `http://localhost:${sitePort}`,
  seriesCount: 80,
  admin: { username: 'e2e_admin', email: 'e2e.admin@gmail.com', password: 'e2e-admin-password' },
};
