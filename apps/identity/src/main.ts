import { identityService } from './service';

identityService.runProcess();
