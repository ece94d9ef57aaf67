import { reportsService } from './service';

reportsService.runProcess();
