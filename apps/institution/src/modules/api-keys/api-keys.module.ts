import { Module } from '@nestjs/common';
import { ApiKeysService } from './api-keys.service.js';

/** Institution API keys: made, listed and revoked by admins; checked for the gateway. */
@Module({ providers: [ApiKeysService] })
export class ApiKeysModule {}
