import { bootstrapService } from '@lp/service-kit';
import { WorkerModule } from './app.module.js';

await bootstrapService(WorkerModule.create());
