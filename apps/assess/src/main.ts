import { assessService } from './service';

assessService.runProcess();
