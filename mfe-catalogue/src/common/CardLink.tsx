import { Link } from 'react-router-dom';
import styled from 'styled-components';

/** A product card's link (picture and text): its forms sit after it, outside the link (no control inside a link). */
export const CardLink = styled(Link)`
  display: flex;
  flex: 1;
  flex-direction: column;
  color: inherit;
  text-decoration: none;
`;
