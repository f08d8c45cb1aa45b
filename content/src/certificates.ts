// The certificates page's data, apart from the main entry: a module of its own, so only that page's bundle carries it.
import certificatesJson from '../data/certificates.json';
import type { Certificate } from './types';

export const certificates: Certificate[] = certificatesJson;
