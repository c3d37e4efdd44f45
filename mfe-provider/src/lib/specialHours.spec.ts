import { crossesMidnight, specialHoursRequest, validateSpecialHours, type SpecialHoursForm } from './specialHours';

const ramadan: SpecialHoursForm = { label: 'Ramadan', startDate: '2027-02-08', endDate: '2027-03-09', closed: false, opensAt: '20:00', closesAt: '02:00' };

describe('special hours form', () => {
  it('accepts evening hours that run past midnight', () => {
    expect(validateSpecialHours(ramadan)).toEqual({});
    expect(crossesMidnight('20:00', '02:00')).toBe(true);
    expect(crossesMidnight('09:00', '17:00')).toBe(false);
    expect(specialHoursRequest({ ...ramadan, label: '  Ramadan ' })).toEqual({ label: 'Ramadan', startDate: '2027-02-08', endDate: '2027-03-09', opensAt: '20:00', closesAt: '02:00' });
  });

  it('names each problem: missing name, dates out of order or invalid, equal or malformed hours', () => {
    expect(validateSpecialHours({ ...ramadan, label: ' ', startDate: '', endDate: '2027-02-30' })).toEqual({ label: 'required', startDate: 'required', endDate: 'date' });
    expect(validateSpecialHours({ ...ramadan, endDate: '2027-02-07' })).toEqual({ endDate: 'order' });
    expect(validateSpecialHours({ ...ramadan, closesAt: '20:00' })).toEqual({ closesAt: 'sameTime' });
    expect(validateSpecialHours({ ...ramadan, opensAt: '25:00', closesAt: '' })).toEqual({ opensAt: 'time', closesAt: 'time' });
  });

  it('sends no hours for a day closed all day', () => {
    const eid = { ...ramadan, label: 'Eid', startDate: '2027-03-10', endDate: '2027-03-12', closed: true, opensAt: '', closesAt: '' };
    expect(validateSpecialHours(eid)).toEqual({});
    expect(specialHoursRequest(eid)).toMatchObject({ opensAt: null, closesAt: null });
  });
});
