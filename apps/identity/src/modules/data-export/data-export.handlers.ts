import { Inject, Injectable } from '@nestjs/common';
import { identityRoutes, type RouteInput, type ServiceOutput } from '@lp/contracts';
import type { HandlerContext } from '@lp/bus';
import { ExportsUserData, Handles, callerOf } from '@lp/service-kit';
import { DataExportService } from './data-export.service.js';
import { UserDataExporter } from './user-data.exporter.js';

type R = typeof identityRoutes;

@Injectable()
export class DataExportHandlers {
  constructor(
    @Inject(DataExportService) private readonly exports: DataExportService,
    @Inject(UserDataExporter) private readonly exporter: UserDataExporter,
  ) {}

  @Handles(identityRoutes.exportData)
  async exportData(_input: RouteInput<R['exportData']>, ctx: HandlerContext): Promise<ServiceOutput<R['exportData']>> {
    return this.exports.export(callerOf(ctx).userId, ctx.requestId);
  }

  /** Identity's part of every data export (asked over the bus by the worker). */
  @ExportsUserData()
  async exportUserData(userId: string): Promise<Record<string, unknown>> {
    return this.exporter.collect(userId);
  }
}
