import { bootstrapService } from '@lp/service-kit';
import { AssessmentModule } from './app.module.js';

await bootstrapService(AssessmentModule.create());
