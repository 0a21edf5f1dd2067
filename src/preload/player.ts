import { exposeApi } from './expose';

exposeApi('player');
