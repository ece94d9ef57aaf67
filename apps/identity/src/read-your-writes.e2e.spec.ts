import { readYourWritesSuite } from './testing/read-your-writes-suite';

readYourWritesSuite('the Postgres event log', false);
