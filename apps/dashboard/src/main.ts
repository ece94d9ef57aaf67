import { runServiceProcess } from '@governance/persistence';
import { createService } from './service';

runServiceProcess('dashboard', createService);
