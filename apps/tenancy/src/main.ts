import { tenancyService } from './service';

tenancyService.runProcess();
