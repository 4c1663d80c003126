/** The pages of markets, rounds and participations, loaded as one chunk. */
export { MarketPage } from './MarketPage.tsx';
export { MarketsPage } from './MarketsPage.tsx';
export { ParticipationPage } from './ParticipationPage.tsx';
export { OperatorRoundPage, ParticipantRoundPage } from './RoundPage.tsx';
