import { readYourWritesSuite } from './testing/read-your-writes-suite';

readYourWritesSuite('Kafka', true);
