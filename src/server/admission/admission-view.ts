import type { ParticipantColumn, ParticipantTable } from '~/contracts/admission';
import type { AdmissionRecord } from './admission.repository';

/** The value of one column for an attendee: the columns a list may show (docs/product.md §3). */
export function columnValue(record: AdmissionRecord, column: ParticipantColumn): string | null {
  switch (column) {
    case 'name': return record.firstName;
    case 'lastName': return record.lastName;
    case 'company': return record.company;
    case 'email': return record.email;
    case 'phone': return record.phone;
    case 'jobTitle': return record.jobTitle;
    case 'title': return record.title;
    case 'address': return record.address;
  }
}

/** A table of the records in the given columns, headings in the event's language (`admission.columns.*`). */
export function toTable(records: AdmissionRecord[], columns: ParticipantColumn[], t: (key: string) => string): ParticipantTable {
  return {
    header: columns.map((c) => t(`admission.columns.${c}`)),
    values: records.map((r) => columns.map((c) => columnValue(r, c))),
  };
}
