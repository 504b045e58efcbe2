import { bootstrapService } from '@lp/service-kit';
import { BillingModule } from './app.module.js';

await bootstrapService(BillingModule.create());
