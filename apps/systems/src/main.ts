import { systemsService } from './service';

systemsService.runProcess();
