import { Module } from '@nestjs/common';
import { CascadeService } from './cascade.service.js';
import { HierarchyService } from './hierarchy.service.js';
import { SubsidiariesService } from './subsidiaries.service.js';

/** Subsidiaries, the tree and its resources, and the cascade of settings down the tree. */
@Module({ providers: [SubsidiariesService, HierarchyService, CascadeService] })
export class HierarchyModule {}
