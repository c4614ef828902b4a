-- Databases from before vendors had a view of their own kept a vendor's organisation data in the
-- Company view, which a Vendor account does not hold: it moves over once, here, instead of a scan
-- of every account at each start (issue 12: start-up).
update accounts set views = (views - 'Company') || jsonb_build_object('Vendor', views -> 'Company')
 where type = 'Vendor' and views -> 'Company' is not null and views -> 'Vendor' is null;
