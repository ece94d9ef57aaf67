import { dashboardService } from './service';

dashboardService.runProcess();
