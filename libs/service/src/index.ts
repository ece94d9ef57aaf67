export { authOptions, defineService, type DefinedService, type ServiceDefinition } from './define-service';
export {
  nothingOwn,
  readReportBaseUrl,
  readServiceConfig,
  type ServiceBasics,
  type ServiceConfig,
} from './service-config';
