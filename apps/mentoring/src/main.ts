import { bootstrapService } from '@lp/service-kit';
import { MentoringModule } from './app.module.js';

await bootstrapService(MentoringModule.create());
