import { exposeApi } from './expose';

exposeApi('gm');
