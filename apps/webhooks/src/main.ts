import { webhooksService } from './service';

webhooksService.runProcess();
