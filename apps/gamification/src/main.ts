import { bootstrapService } from '@lp/service-kit';
import { GamificationModule } from './app.module.js';

await bootstrapService(GamificationModule.create());
