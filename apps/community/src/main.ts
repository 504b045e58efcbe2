import { bootstrapService } from '@lp/service-kit';
import { CommunityModule } from './app.module.js';

await bootstrapService(CommunityModule.create());
