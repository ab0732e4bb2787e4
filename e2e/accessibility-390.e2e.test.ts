import { everyScreenAt } from './accessibility';

everyScreenAt({ name: 'phone', width: 390, height: 844 });
