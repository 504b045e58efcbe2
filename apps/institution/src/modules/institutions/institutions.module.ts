import { Module } from '@nestjs/common';
import { InstitutionsService } from './institutions.service.js';

@Module({ providers: [InstitutionsService] })
export class InstitutionsModule {}
