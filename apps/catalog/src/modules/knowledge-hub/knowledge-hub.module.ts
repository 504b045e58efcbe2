import { Module } from '@nestjs/common';
import { KnowledgeHubService } from './knowledge-hub.service.js';

/** The knowledge hub: shared resources, searched and downloaded. */
@Module({ providers: [KnowledgeHubService] })
export class KnowledgeHubModule {}
