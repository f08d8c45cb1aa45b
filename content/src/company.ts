// The company record (name, addresses, phones, e-mails), a module of its own: the company pages that draw it import it
// from here (@site/content/company), so a page that does not (the home page) carries none of it in its bundle.
import companyJson from '../data/company.json';
import type { CompanyInfo } from './types';

export const company: CompanyInfo = companyJson as CompanyInfo;
