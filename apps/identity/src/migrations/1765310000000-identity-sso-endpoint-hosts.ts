import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** SSO: the hosts besides the issuer's where an admin lets its token, userinfo and JWKS endpoints be. */
export class IdentitySsoEndpointHosts1765310000000 implements MigrationInterface {
  name = 'IdentitySsoEndpointHosts1765310000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE tenancy.sso_configurations ADD COLUMN endpoint_hosts text[] NOT NULL DEFAULT '{}'`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE tenancy.sso_configurations DROP COLUMN endpoint_hosts');
  }
}
