// The projects page's data, apart from the main entry: a module of its own, so only that page's bundle carries it.
import projectsJson from '../data/projects.json';
import type { Project } from './types';

export const projects: Project[] = projectsJson;
