import { everyScreenAt } from './accessibility';

everyScreenAt({ name: 'desktop', width: 1366, height: 900 });
