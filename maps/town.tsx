<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="town" tilewidth="32" tileheight="32" tilecount="416" columns="16">
 <image source="../sprites/tiles.png" width="512" height="832"/>
 <tile id="0">
  <properties>
   <property name="name" value="grass_0"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="name" value="grass_1"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="name" value="grass_2"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="name" value="grass_3"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="name" value="grass_flowers_0"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="name" value="grass_flowers_1"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="name" value="grass_dark"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="name" value="floor_wood"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="name" value="floor_wood_dark"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="name" value="floor_wood_light"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="name" value="floor_kitchen"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="name" value="floor_bath"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="name" value="floor_stone"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="name" value="floor_market"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="name" value="carpet_red"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="name" value="carpet_blue"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="name" value="carpet_green"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="name" value="carpet_purple"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="name" value="threshold"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="name" value="doormat"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="name" value="soil"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="name" value="sand"/>
  </properties>
 </tile>
 <tile id="32">
  <properties>
   <property name="name" value="path_dirt_x"/>
  </properties>
 </tile>
 <tile id="33">
  <properties>
   <property name="name" value="path_dirt_n"/>
  </properties>
 </tile>
 <tile id="34">
  <properties>
   <property name="name" value="path_dirt_e"/>
  </properties>
 </tile>
 <tile id="35">
  <properties>
   <property name="name" value="path_dirt_ne"/>
  </properties>
 </tile>
 <tile id="36">
  <properties>
   <property name="name" value="path_dirt_s"/>
  </properties>
 </tile>
 <tile id="37">
  <properties>
   <property name="name" value="path_dirt_ns"/>
  </properties>
 </tile>
 <tile id="38">
  <properties>
   <property name="name" value="path_dirt_es"/>
  </properties>
 </tile>
 <tile id="39">
  <properties>
   <property name="name" value="path_dirt_nes"/>
  </properties>
 </tile>
 <tile id="40">
  <properties>
   <property name="name" value="path_dirt_w"/>
  </properties>
 </tile>
 <tile id="41">
  <properties>
   <property name="name" value="path_dirt_nw"/>
  </properties>
 </tile>
 <tile id="42">
  <properties>
   <property name="name" value="path_dirt_ew"/>
  </properties>
 </tile>
 <tile id="43">
  <properties>
   <property name="name" value="path_dirt_new"/>
  </properties>
 </tile>
 <tile id="44">
  <properties>
   <property name="name" value="path_dirt_sw"/>
  </properties>
 </tile>
 <tile id="45">
  <properties>
   <property name="name" value="path_dirt_nsw"/>
  </properties>
 </tile>
 <tile id="46">
  <properties>
   <property name="name" value="path_dirt_esw"/>
  </properties>
 </tile>
 <tile id="47">
  <properties>
   <property name="name" value="path_dirt_nesw"/>
  </properties>
 </tile>
 <tile id="48">
  <properties>
   <property name="name" value="path_stone_x"/>
  </properties>
 </tile>
 <tile id="49">
  <properties>
   <property name="name" value="path_stone_n"/>
  </properties>
 </tile>
 <tile id="50">
  <properties>
   <property name="name" value="path_stone_e"/>
  </properties>
 </tile>
 <tile id="51">
  <properties>
   <property name="name" value="path_stone_ne"/>
  </properties>
 </tile>
 <tile id="52">
  <properties>
   <property name="name" value="path_stone_s"/>
  </properties>
 </tile>
 <tile id="53">
  <properties>
   <property name="name" value="path_stone_ns"/>
  </properties>
 </tile>
 <tile id="54">
  <properties>
   <property name="name" value="path_stone_es"/>
  </properties>
 </tile>
 <tile id="55">
  <properties>
   <property name="name" value="path_stone_nes"/>
  </properties>
 </tile>
 <tile id="56">
  <properties>
   <property name="name" value="path_stone_w"/>
  </properties>
 </tile>
 <tile id="57">
  <properties>
   <property name="name" value="path_stone_nw"/>
  </properties>
 </tile>
 <tile id="58">
  <properties>
   <property name="name" value="path_stone_ew"/>
  </properties>
 </tile>
 <tile id="59">
  <properties>
   <property name="name" value="path_stone_new"/>
  </properties>
 </tile>
 <tile id="60">
  <properties>
   <property name="name" value="path_stone_sw"/>
  </properties>
 </tile>
 <tile id="61">
  <properties>
   <property name="name" value="path_stone_nsw"/>
  </properties>
 </tile>
 <tile id="62">
  <properties>
   <property name="name" value="path_stone_esw"/>
  </properties>
 </tile>
 <tile id="63">
  <properties>
   <property name="name" value="path_stone_nesw"/>
  </properties>
 </tile>
 <tile id="64">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="water_x"/>
  </properties>
 </tile>
 <tile id="65">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="water_n"/>
  </properties>
 </tile>
 <tile id="66">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="water_e"/>
  </properties>
 </tile>
 <tile id="67">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="water_ne"/>
  </properties>
 </tile>
 <tile id="68">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="water_s"/>
  </properties>
 </tile>
 <tile id="69">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="water_ns"/>
  </properties>
 </tile>
 <tile id="70">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="water_es"/>
  </properties>
 </tile>
 <tile id="71">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="water_nes"/>
  </properties>
 </tile>
 <tile id="72">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="water_w"/>
  </properties>
 </tile>
 <tile id="73">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="water_nw"/>
  </properties>
 </tile>
 <tile id="74">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="water_ew"/>
  </properties>
 </tile>
 <tile id="75">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="water_new"/>
  </properties>
 </tile>
 <tile id="76">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="water_sw"/>
  </properties>
 </tile>
 <tile id="77">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="water_nsw"/>
  </properties>
 </tile>
 <tile id="78">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="water_esw"/>
  </properties>
 </tile>
 <tile id="79">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="water_nesw"/>
  </properties>
 </tile>
 <tile id="80">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_cap_s"/>
  </properties>
 </tile>
 <tile id="81">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_cap_sw"/>
  </properties>
 </tile>
 <tile id="82">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_cap_es"/>
  </properties>
 </tile>
 <tile id="83">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_cap_esw"/>
  </properties>
 </tile>
 <tile id="84">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_cap_ns"/>
  </properties>
 </tile>
 <tile id="85">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_cap_nsw"/>
  </properties>
 </tile>
 <tile id="86">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_cap_nes"/>
  </properties>
 </tile>
 <tile id="87">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_cap_nesw"/>
  </properties>
 </tile>
 <tile id="88">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_brick_w0e0"/>
  </properties>
 </tile>
 <tile id="89">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_brick_w0e1"/>
  </properties>
 </tile>
 <tile id="90">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_brick_w0e2"/>
  </properties>
 </tile>
 <tile id="91">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_brick_w1e0"/>
  </properties>
 </tile>
 <tile id="92">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_brick_w1e1"/>
  </properties>
 </tile>
 <tile id="93">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_brick_w1e2"/>
  </properties>
 </tile>
 <tile id="94">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_brick_w2e0"/>
  </properties>
 </tile>
 <tile id="95">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_brick_w2e1"/>
  </properties>
 </tile>
 <tile id="96">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_brick_w2e2"/>
  </properties>
 </tile>
 <tile id="97">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_brick_w0e0n"/>
  </properties>
 </tile>
 <tile id="98">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_brick_w0e1n"/>
  </properties>
 </tile>
 <tile id="99">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_brick_w0e2n"/>
  </properties>
 </tile>
 <tile id="100">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_brick_w1e0n"/>
  </properties>
 </tile>
 <tile id="101">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_brick_w1e1n"/>
  </properties>
 </tile>
 <tile id="102">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_brick_w1e2n"/>
  </properties>
 </tile>
 <tile id="103">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_brick_w2e0n"/>
  </properties>
 </tile>
 <tile id="104">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_brick_w2e1n"/>
  </properties>
 </tile>
 <tile id="105">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_brick_w2e2n"/>
  </properties>
 </tile>
 <tile id="106">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_brick_window"/>
  </properties>
 </tile>
 <tile id="107">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_stone_w0e0"/>
  </properties>
 </tile>
 <tile id="108">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_stone_w0e1"/>
  </properties>
 </tile>
 <tile id="109">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_stone_w0e2"/>
  </properties>
 </tile>
 <tile id="110">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_stone_w1e0"/>
  </properties>
 </tile>
 <tile id="111">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_stone_w1e1"/>
  </properties>
 </tile>
 <tile id="112">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_stone_w1e2"/>
  </properties>
 </tile>
 <tile id="113">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_stone_w2e0"/>
  </properties>
 </tile>
 <tile id="114">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_stone_w2e1"/>
  </properties>
 </tile>
 <tile id="115">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_stone_w2e2"/>
  </properties>
 </tile>
 <tile id="116">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_stone_w0e0n"/>
  </properties>
 </tile>
 <tile id="117">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_stone_w0e1n"/>
  </properties>
 </tile>
 <tile id="118">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_stone_w0e2n"/>
  </properties>
 </tile>
 <tile id="119">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_stone_w1e0n"/>
  </properties>
 </tile>
 <tile id="120">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_stone_w1e1n"/>
  </properties>
 </tile>
 <tile id="121">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_stone_w1e2n"/>
  </properties>
 </tile>
 <tile id="122">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_stone_w2e0n"/>
  </properties>
 </tile>
 <tile id="123">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_stone_w2e1n"/>
  </properties>
 </tile>
 <tile id="124">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_stone_w2e2n"/>
  </properties>
 </tile>
 <tile id="125">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_stone_window"/>
  </properties>
 </tile>
 <tile id="126">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_wood_w0e0"/>
  </properties>
 </tile>
 <tile id="127">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_wood_w0e1"/>
  </properties>
 </tile>
 <tile id="128">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_wood_w0e2"/>
  </properties>
 </tile>
 <tile id="129">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_wood_w1e0"/>
  </properties>
 </tile>
 <tile id="130">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_wood_w1e1"/>
  </properties>
 </tile>
 <tile id="131">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_wood_w1e2"/>
  </properties>
 </tile>
 <tile id="132">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_wood_w2e0"/>
  </properties>
 </tile>
 <tile id="133">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_wood_w2e1"/>
  </properties>
 </tile>
 <tile id="134">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_wood_w2e2"/>
  </properties>
 </tile>
 <tile id="135">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_wood_w0e0n"/>
  </properties>
 </tile>
 <tile id="136">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_wood_w0e1n"/>
  </properties>
 </tile>
 <tile id="137">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_wood_w0e2n"/>
  </properties>
 </tile>
 <tile id="138">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_wood_w1e0n"/>
  </properties>
 </tile>
 <tile id="139">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_wood_w1e1n"/>
  </properties>
 </tile>
 <tile id="140">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_wood_w1e2n"/>
  </properties>
 </tile>
 <tile id="141">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_wood_w2e0n"/>
  </properties>
 </tile>
 <tile id="142">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_wood_w2e1n"/>
  </properties>
 </tile>
 <tile id="143">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_wood_w2e2n"/>
  </properties>
 </tile>
 <tile id="144">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_wood_window"/>
  </properties>
 </tile>
 <tile id="145">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_blue_w0e0"/>
  </properties>
 </tile>
 <tile id="146">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_blue_w0e1"/>
  </properties>
 </tile>
 <tile id="147">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_blue_w0e2"/>
  </properties>
 </tile>
 <tile id="148">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_blue_w1e0"/>
  </properties>
 </tile>
 <tile id="149">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_blue_w1e1"/>
  </properties>
 </tile>
 <tile id="150">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_blue_w1e2"/>
  </properties>
 </tile>
 <tile id="151">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_blue_w2e0"/>
  </properties>
 </tile>
 <tile id="152">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_blue_w2e1"/>
  </properties>
 </tile>
 <tile id="153">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_blue_w2e2"/>
  </properties>
 </tile>
 <tile id="154">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_blue_w0e0n"/>
  </properties>
 </tile>
 <tile id="155">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_blue_w0e1n"/>
  </properties>
 </tile>
 <tile id="156">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_blue_w0e2n"/>
  </properties>
 </tile>
 <tile id="157">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_blue_w1e0n"/>
  </properties>
 </tile>
 <tile id="158">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_blue_w1e1n"/>
  </properties>
 </tile>
 <tile id="159">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_blue_w1e2n"/>
  </properties>
 </tile>
 <tile id="160">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_blue_w2e0n"/>
  </properties>
 </tile>
 <tile id="161">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_blue_w2e1n"/>
  </properties>
 </tile>
 <tile id="162">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_blue_w2e2n"/>
  </properties>
 </tile>
 <tile id="163">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_blue_window"/>
  </properties>
 </tile>
 <tile id="164">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_plaster_w0e0"/>
  </properties>
 </tile>
 <tile id="165">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_plaster_w0e1"/>
  </properties>
 </tile>
 <tile id="166">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_plaster_w0e2"/>
  </properties>
 </tile>
 <tile id="167">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_plaster_w1e0"/>
  </properties>
 </tile>
 <tile id="168">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_plaster_w1e1"/>
  </properties>
 </tile>
 <tile id="169">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_plaster_w1e2"/>
  </properties>
 </tile>
 <tile id="170">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_plaster_w2e0"/>
  </properties>
 </tile>
 <tile id="171">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_plaster_w2e1"/>
  </properties>
 </tile>
 <tile id="172">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_plaster_w2e2"/>
  </properties>
 </tile>
 <tile id="173">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_plaster_w0e0n"/>
  </properties>
 </tile>
 <tile id="174">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_plaster_w0e1n"/>
  </properties>
 </tile>
 <tile id="175">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_plaster_w0e2n"/>
  </properties>
 </tile>
 <tile id="176">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_plaster_w1e0n"/>
  </properties>
 </tile>
 <tile id="177">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_plaster_w1e1n"/>
  </properties>
 </tile>
 <tile id="178">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_plaster_w1e2n"/>
  </properties>
 </tile>
 <tile id="179">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_plaster_w2e0n"/>
  </properties>
 </tile>
 <tile id="180">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_plaster_w2e1n"/>
  </properties>
 </tile>
 <tile id="181">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_plaster_w2e2n"/>
  </properties>
 </tile>
 <tile id="182">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_bathtile_w0e0"/>
  </properties>
 </tile>
 <tile id="183">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_bathtile_w0e1"/>
  </properties>
 </tile>
 <tile id="184">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_bathtile_w0e2"/>
  </properties>
 </tile>
 <tile id="185">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_bathtile_w1e0"/>
  </properties>
 </tile>
 <tile id="186">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_bathtile_w1e1"/>
  </properties>
 </tile>
 <tile id="187">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_bathtile_w1e2"/>
  </properties>
 </tile>
 <tile id="188">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_bathtile_w2e0"/>
  </properties>
 </tile>
 <tile id="189">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_bathtile_w2e1"/>
  </properties>
 </tile>
 <tile id="190">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_bathtile_w2e2"/>
  </properties>
 </tile>
 <tile id="191">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_bathtile_w0e0n"/>
  </properties>
 </tile>
 <tile id="192">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_bathtile_w0e1n"/>
  </properties>
 </tile>
 <tile id="193">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_bathtile_w0e2n"/>
  </properties>
 </tile>
 <tile id="194">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_bathtile_w1e0n"/>
  </properties>
 </tile>
 <tile id="195">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_bathtile_w1e1n"/>
  </properties>
 </tile>
 <tile id="196">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_bathtile_w1e2n"/>
  </properties>
 </tile>
 <tile id="197">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_bathtile_w2e0n"/>
  </properties>
 </tile>
 <tile id="198">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_bathtile_w2e1n"/>
  </properties>
 </tile>
 <tile id="199">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wall_bathtile_w2e2n"/>
  </properties>
 </tile>
 <tile id="200">
  <properties>
   <property name="name" value="doorway"/>
  </properties>
 </tile>
 <tile id="208">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="fence_x"/>
  </properties>
 </tile>
 <tile id="209">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="fence_n"/>
  </properties>
 </tile>
 <tile id="210">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="fence_e"/>
  </properties>
 </tile>
 <tile id="211">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="fence_ne"/>
  </properties>
 </tile>
 <tile id="212">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="fence_s"/>
  </properties>
 </tile>
 <tile id="213">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="fence_ns"/>
  </properties>
 </tile>
 <tile id="214">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="fence_es"/>
  </properties>
 </tile>
 <tile id="215">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="fence_nes"/>
  </properties>
 </tile>
 <tile id="216">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="fence_w"/>
  </properties>
 </tile>
 <tile id="217">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="fence_nw"/>
  </properties>
 </tile>
 <tile id="218">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="fence_ew"/>
  </properties>
 </tile>
 <tile id="219">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="fence_new"/>
  </properties>
 </tile>
 <tile id="220">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="fence_sw"/>
  </properties>
 </tile>
 <tile id="221">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="fence_nsw"/>
  </properties>
 </tile>
 <tile id="222">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="fence_esw"/>
  </properties>
 </tile>
 <tile id="223">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="fence_nesw"/>
  </properties>
 </tile>
 <tile id="224">
  <properties>
   <property name="name" value="bed_red_top"/>
  </properties>
 </tile>
 <tile id="225">
  <properties>
   <property name="name" value="bed_blue_top"/>
  </properties>
 </tile>
 <tile id="226">
  <properties>
   <property name="name" value="bed_green_top"/>
  </properties>
 </tile>
 <tile id="227">
  <properties>
   <property name="name" value="bed_yellow_top"/>
  </properties>
 </tile>
 <tile id="228">
  <properties>
   <property name="name" value="bed_purple_top"/>
  </properties>
 </tile>
 <tile id="229">
  <properties>
   <property name="name" value="bed_double_red_tl"/>
  </properties>
 </tile>
 <tile id="230">
  <properties>
   <property name="name" value="bed_double_red_tr"/>
  </properties>
 </tile>
 <tile id="231">
  <properties>
   <property name="name" value="bed_double_blue_tl"/>
  </properties>
 </tile>
 <tile id="232">
  <properties>
   <property name="name" value="bed_double_blue_tr"/>
  </properties>
 </tile>
 <tile id="233">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="nightstand"/>
  </properties>
 </tile>
 <tile id="234">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="wardrobe"/>
  </properties>
 </tile>
 <tile id="240">
  <properties>
   <property name="name" value="bed_red_bottom"/>
  </properties>
 </tile>
 <tile id="241">
  <properties>
   <property name="name" value="bed_blue_bottom"/>
  </properties>
 </tile>
 <tile id="242">
  <properties>
   <property name="name" value="bed_green_bottom"/>
  </properties>
 </tile>
 <tile id="243">
  <properties>
   <property name="name" value="bed_yellow_bottom"/>
  </properties>
 </tile>
 <tile id="244">
  <properties>
   <property name="name" value="bed_purple_bottom"/>
  </properties>
 </tile>
 <tile id="245">
  <properties>
   <property name="name" value="bed_double_red_bl"/>
  </properties>
 </tile>
 <tile id="246">
  <properties>
   <property name="name" value="bed_double_red_br"/>
  </properties>
 </tile>
 <tile id="247">
  <properties>
   <property name="name" value="bed_double_blue_bl"/>
  </properties>
 </tile>
 <tile id="248">
  <properties>
   <property name="name" value="bed_double_blue_br"/>
  </properties>
 </tile>
 <tile id="256">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="desk_l"/>
  </properties>
 </tile>
 <tile id="257">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="desk_r"/>
  </properties>
 </tile>
 <tile id="258">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="desk_small"/>
  </properties>
 </tile>
 <tile id="259">
  <properties>
   <property name="name" value="chair_n"/>
  </properties>
 </tile>
 <tile id="260">
  <properties>
   <property name="name" value="chair_e"/>
  </properties>
 </tile>
 <tile id="261">
  <properties>
   <property name="name" value="chair_s"/>
  </properties>
 </tile>
 <tile id="262">
  <properties>
   <property name="name" value="chair_w"/>
  </properties>
 </tile>
 <tile id="263">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="stove"/>
  </properties>
 </tile>
 <tile id="264">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="fridge"/>
  </properties>
 </tile>
 <tile id="265">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="counter"/>
  </properties>
 </tile>
 <tile id="266">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="counter_sink"/>
  </properties>
 </tile>
 <tile id="267">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="counter_coffee"/>
  </properties>
 </tile>
 <tile id="268">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="counter_register"/>
  </properties>
 </tile>
 <tile id="269">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="counter_pastry"/>
  </properties>
 </tile>
 <tile id="270">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="counter_cutting"/>
  </properties>
 </tile>
 <tile id="271">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="counter_white"/>
  </properties>
 </tile>
 <tile id="272">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="pharmacy_counter"/>
  </properties>
 </tile>
 <tile id="273">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="table_round"/>
  </properties>
 </tile>
 <tile id="274">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="table_cafe"/>
  </properties>
 </tile>
 <tile id="275">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="table_pub"/>
  </properties>
 </tile>
 <tile id="276">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="table_long_l"/>
  </properties>
 </tile>
 <tile id="277">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="table_long_r"/>
  </properties>
 </tile>
 <tile id="278">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="shelf_produce"/>
  </properties>
 </tile>
 <tile id="279">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="shelf_cans"/>
  </properties>
 </tile>
 <tile id="280">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="shelf_bottles"/>
  </properties>
 </tile>
 <tile id="281">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="shelf_bread"/>
  </properties>
 </tile>
 <tile id="282">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="shelf_meds"/>
  </properties>
 </tile>
 <tile id="283">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="fridge_drinks"/>
  </properties>
 </tile>
 <tile id="284">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="toilet"/>
  </properties>
 </tile>
 <tile id="285">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="bath_sink"/>
  </properties>
 </tile>
 <tile id="286">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="bathtub_l"/>
  </properties>
 </tile>
 <tile id="287">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="bathtub_r"/>
  </properties>
 </tile>
 <tile id="288">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="bar_counter_l"/>
  </properties>
 </tile>
 <tile id="289">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="bar_counter_m"/>
  </properties>
 </tile>
 <tile id="290">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="bar_counter_taps"/>
  </properties>
 </tile>
 <tile id="291">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="bar_counter_r"/>
  </properties>
 </tile>
 <tile id="292">
  <properties>
   <property name="name" value="bar_stool"/>
  </properties>
 </tile>
 <tile id="293">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="shelf_bar"/>
  </properties>
 </tile>
 <tile id="294">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="barrel"/>
  </properties>
 </tile>
 <tile id="295">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="dartboard"/>
  </properties>
 </tile>
 <tile id="296">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="bookshelf"/>
  </properties>
 </tile>
 <tile id="297">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="reading_table_l"/>
  </properties>
 </tile>
 <tile id="298">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="reading_table_r"/>
  </properties>
 </tile>
 <tile id="299">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="blackboard_l"/>
  </properties>
 </tile>
 <tile id="300">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="blackboard_r"/>
  </properties>
 </tile>
 <tile id="301">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="school_desk"/>
  </properties>
 </tile>
 <tile id="302">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="lectern"/>
  </properties>
 </tile>
 <tile id="304">
  <properties>
   <property name="name" value="sofa_red_l"/>
  </properties>
 </tile>
 <tile id="305">
  <properties>
   <property name="name" value="sofa_red_r"/>
  </properties>
 </tile>
 <tile id="306">
  <properties>
   <property name="name" value="sofa_blue_l"/>
  </properties>
 </tile>
 <tile id="307">
  <properties>
   <property name="name" value="sofa_blue_r"/>
  </properties>
 </tile>
 <tile id="308">
  <properties>
   <property name="name" value="sofa_green_l"/>
  </properties>
 </tile>
 <tile id="309">
  <properties>
   <property name="name" value="sofa_green_r"/>
  </properties>
 </tile>
 <tile id="310">
  <properties>
   <property name="name" value="armchair"/>
  </properties>
 </tile>
 <tile id="311">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="tv"/>
  </properties>
 </tile>
 <tile id="312">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="coffee_table"/>
  </properties>
 </tile>
 <tile id="313">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="plant"/>
  </properties>
 </tile>
 <tile id="314">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="floor_lamp"/>
  </properties>
 </tile>
 <tile id="315">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="piano_l"/>
  </properties>
 </tile>
 <tile id="316">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="piano_r"/>
  </properties>
 </tile>
 <tile id="317">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="easel"/>
  </properties>
 </tile>
 <tile id="320">
  <properties>
   <property name="name" value="bench_l"/>
  </properties>
 </tile>
 <tile id="321">
  <properties>
   <property name="name" value="bench_r"/>
  </properties>
 </tile>
 <tile id="322">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="picnic_table_l"/>
  </properties>
 </tile>
 <tile id="323">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="picnic_table_r"/>
  </properties>
 </tile>
 <tile id="324">
  <properties>
   <property name="name" value="lamp_post_top"/>
  </properties>
 </tile>
 <tile id="325">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="sign_cafe"/>
  </properties>
 </tile>
 <tile id="326">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="sign_pub"/>
  </properties>
 </tile>
 <tile id="327">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="sign_market"/>
  </properties>
 </tile>
 <tile id="328">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="sign_college"/>
  </properties>
 </tile>
 <tile id="329">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="sign_dorm"/>
  </properties>
 </tile>
 <tile id="330">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="sign_park"/>
  </properties>
 </tile>
 <tile id="331">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="sign_home"/>
  </properties>
 </tile>
 <tile id="332">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="notice_board"/>
  </properties>
 </tile>
 <tile id="333">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="mailbox"/>
  </properties>
 </tile>
 <tile id="334">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="trash_bin"/>
  </properties>
 </tile>
 <tile id="340">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="lamp_post_bottom"/>
  </properties>
 </tile>
 <tile id="352">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="planter"/>
  </properties>
 </tile>
 <tile id="353">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="crate"/>
  </properties>
 </tile>
 <tile id="354">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="rock"/>
  </properties>
 </tile>
 <tile id="355">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="stump"/>
  </properties>
 </tile>
 <tile id="356">
  <properties>
   <property name="name" value="duck"/>
  </properties>
 </tile>
 <tile id="357">
  <properties>
   <property name="name" value="lily_pad"/>
  </properties>
 </tile>
 <tile id="358">
  <properties>
   <property name="name" value="reeds"/>
  </properties>
 </tile>
 <tile id="359">
  <properties>
   <property name="name" value="crop_cabbage"/>
  </properties>
 </tile>
 <tile id="360">
  <properties>
   <property name="name" value="crop_carrot"/>
  </properties>
 </tile>
 <tile id="361">
  <properties>
   <property name="name" value="crop_tomato"/>
  </properties>
 </tile>
 <tile id="362">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="bush"/>
  </properties>
 </tile>
 <tile id="363">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="bush_flowers"/>
  </properties>
 </tile>
 <tile id="364">
  <properties>
   <property name="name" value="flowers_red"/>
  </properties>
 </tile>
 <tile id="365">
  <properties>
   <property name="name" value="flowers_yellow"/>
  </properties>
 </tile>
 <tile id="366">
  <properties>
   <property name="name" value="flowers_purple"/>
  </properties>
 </tile>
 <tile id="367">
  <properties>
   <property name="name" value="flowers_white"/>
  </properties>
 </tile>
 <tile id="368">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="tree_oak_tl"/>
  </properties>
 </tile>
 <tile id="369">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="tree_oak_tr"/>
  </properties>
 </tile>
 <tile id="370">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="tree_autumn_tl"/>
  </properties>
 </tile>
 <tile id="371">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="tree_autumn_tr"/>
  </properties>
 </tile>
 <tile id="372">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="tree_pine_top"/>
  </properties>
 </tile>
 <tile id="373">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="tree_small"/>
  </properties>
 </tile>
 <tile id="374">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="fountain_r0c0"/>
  </properties>
 </tile>
 <tile id="375">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="fountain_r0c1"/>
  </properties>
 </tile>
 <tile id="376">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="fountain_r0c2"/>
  </properties>
 </tile>
 <tile id="384">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="tree_oak_bl"/>
  </properties>
 </tile>
 <tile id="385">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="tree_oak_br"/>
  </properties>
 </tile>
 <tile id="386">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="tree_autumn_bl"/>
  </properties>
 </tile>
 <tile id="387">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="tree_autumn_br"/>
  </properties>
 </tile>
 <tile id="388">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="tree_pine_bottom"/>
  </properties>
 </tile>
 <tile id="390">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="fountain_r1c0"/>
  </properties>
 </tile>
 <tile id="391">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="fountain_r1c1"/>
  </properties>
 </tile>
 <tile id="392">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="fountain_r1c2"/>
  </properties>
 </tile>
 <tile id="406">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="fountain_r2c0"/>
  </properties>
 </tile>
 <tile id="407">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="fountain_r2c1"/>
  </properties>
 </tile>
 <tile id="408">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="name" value="fountain_r2c2"/>
  </properties>
 </tile>
</tileset>
