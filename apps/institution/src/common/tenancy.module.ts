import { Global, Module } from '@nestjs/common';
import { Tenancy } from './tenancy.js';

/** Tenancy for every module of the service. */
@Global()
@Module({ providers: [Tenancy], exports: [Tenancy] })
export class TenancyModule {}
