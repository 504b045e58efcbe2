import { bootstrapService } from '@lp/service-kit';
import { IdentityModule } from './app.module.js';

await bootstrapService(IdentityModule.create());
