import { probeIngestService } from './service';

probeIngestService.runProcess();
