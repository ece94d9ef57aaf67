import { policiesService } from './service';

policiesService.runProcess();
