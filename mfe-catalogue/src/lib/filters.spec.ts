import { filtersToParams, parseFilters, servicesPath } from './filters';

describe('catalogue filters in the URL', () => {
  it('reads the defaults of spec §4 from an empty query', () => {
    expect(parseFilters(new URLSearchParams())).toEqual({
      category: '',
      search: '',
      priceRange: undefined,
      sortBy: 'rating',
      view: 'category',
      page: 1,
    });
  });

  it('reads every filter and writes it back unchanged', () => {
    const query = 'category=cleaning&search=deep+clean&priceRange=25-50&sortBy=price-low&view=list&page=3';
    const filters = parseFilters(new URLSearchParams(query));
    expect(filters).toEqual({ category: 'cleaning', search: 'deep clean', priceRange: '25-50', sortBy: 'price-low', view: 'list', page: 3 });
    expect(filtersToParams(filters).toString()).toBe(query);
  });

  it('ignores values outside the contract instead of failing', () => {
    const filters = parseFilters(new URLSearchParams('priceRange=cheap&sortBy=random&view=grid&page=-2'));
    expect(filters).toMatchObject({ priceRange: undefined, sortBy: 'rating', view: 'category', page: 1 });
  });

  it('keeps defaults out of the URL so /services stays the canonical link', () => {
    expect(filtersToParams(parseFilters(new URLSearchParams('sortBy=rating&view=category&page=1'))).toString()).toBe('');
  });

  it('asks the API only for chosen filters', () => {
    expect(servicesPath(parseFilters(new URLSearchParams()))).toBe('/services?limit=20');
    expect(servicesPath(parseFilters(new URLSearchParams('category=plumbing&search=%20leak%20&priceRange=100%2B&sortBy=newest&page=2&view=list')))).toBe(
      '/services?category=plumbing&search=leak&priceRange=100%2B&sortBy=newest&page=2&limit=20',
    );
  });
});
