import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BareList, THREE_CARDS } from '../../../components/BareList';
import { formatUsd } from '../../../../domain/money';
import { sitePageData } from '../offerPageData';
import { marketingTexts } from '../messages';

/** The offer's plans: each one's price per visit and what it includes, readable without JavaScript. */
export function PlanPrices() {
  return (
    <BareList columns={THREE_CARDS}>
      {sitePageData.plans.map(({ plan, pricePerVisit, includes }) => {
        const name = marketingTexts.planNames[plan];
        const price = marketingTexts.perVisit(formatUsd(pricePerVisit));
        return (
          <Paper
            component="li"
            key={plan}
            aria-label={`${name}: ${price}`}
            variant="outlined"
            sx={{ p: 3, borderRadius: 4 }}
          >
            <Typography variant="h6" component="h3">
              {name}
            </Typography>
            <Typography sx={{ fontWeight: 800, fontSize: '1.25rem', mb: 1 }}>{price}</Typography>
            <Typography component="ul" variant="body2" sx={{ m: 0, pl: 2.5 }}>
              {includes.map((item, index) => (
                <li key={`${index}-${item}`}>{item}</li>
              ))}
            </Typography>
          </Paper>
        );
      })}
    </BareList>
  );
}
