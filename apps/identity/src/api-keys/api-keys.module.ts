import { Module } from '@nestjs/common';
import { ApiKeyRepository } from './api-key.repository';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeysService } from './api-keys.service';

/** Self-serve API keys; exports the one way a key is issued, which the admin API uses too. */
@Module({
  controllers: [ApiKeysController],
  providers: [ApiKeysService, ApiKeyRepository],
  exports: [ApiKeysService],
})
export class ApiKeysModule {}
