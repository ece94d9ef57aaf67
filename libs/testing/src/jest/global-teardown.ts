/** Runs once per tier that had tests; the first stops the server, the others find it gone. */
export default async function globalTeardown(): Promise<void> {
  const server = globalThis.__TEST_POSTGRES__;
  globalThis.__TEST_POSTGRES__ = undefined;
  delete process.env.TEST_DATABASE_URL;
  await server?.stop();
}
